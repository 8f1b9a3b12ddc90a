"""The Hobbit deck-builder's strategies by id: the slot each binds in the rules' chooser table
(simcore.linked) and the kernel_id it is registered under (strategies/__init__.py)."""
BIG_MONEY = 10
GREEDY = 11
LOOKAHEAD = 12
SKILL = 13
