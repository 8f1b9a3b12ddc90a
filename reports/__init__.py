"""Pure functions from results to tables (and, later, figures). No simcore internals."""
