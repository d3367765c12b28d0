"""What each seat knows: the public record and a seat's view of a game."""
