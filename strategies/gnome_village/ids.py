"""Gnome Village's strategies by id: the slot each binds in the rules' chooser table
(simcore.linked) and the kernel_id it is registered under (strategies/__init__.py), and greedy's
default parameters (the lookahead and the skill scale read greedy's values with them)."""
GREEDY = 10
LOOKAHEAD = 11    # lookahead.py: its parameters are declared in lookahead_params.py
SKILL = 12        # skill.py: skill_params.py
GREEDY_PARAMS = {"coin": 1.0,     # what a coin kept is worth, in points (GV-E02: 1 point each)
                 "plan": 0.0,     # lean to workshops (> 0) or businesses (< 0), points; 0: none
                 "plan_until": 2.0}   # the lean stops once the village holds this many tiles of
                                      # the favoured kind (no effect while plan is 0)
