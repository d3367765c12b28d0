"""The RL environment's and the OpenSpiel game's tests: skipped where the ``rl`` extra
(or pyspiel, from ``peers``) is absent."""
