"""The rule families: for each action, the rule's check and its effect (draws, discards,
claims, going down, melds, knocking, the stock, the deal, the end of a round)."""
