"""5 More Minutes data: the dream cards, the special cards and the energy chips."""
