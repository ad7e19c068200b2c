"""Names every Puzzle Dungeon module shares."""

SUITS = ("Torch", "Claw", "Hand", "Mitt")
"""The four suits (Arsenal Cards); a suit is its index here."""
SUIT_LETTERS = "TCHM"
"""One letter per suit, for the notation: 5M is the 5 Mitt."""
KING = "king"
"""The prey key for the Monster King symbol (it is not a monster type)."""
HERO = -1
"""The owner id of hero abilities and the host id of cards attached to the hero."""
