"""The interpreter: melds, the contract solver, and (in time) state, actions and scoring."""
