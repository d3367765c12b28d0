"""Every variant for learning agents: the action encoding, the observation array and
one-seat-at-a-time play shared by the PettingZoo environment (``rummy_spec.env``) and
the OpenSpiel game (``rummy_spec.openspiel``); needs the ``rl`` extra."""
