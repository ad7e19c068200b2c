"""dungeoneer's rules engines, on one game protocol (`protocol`), with a registry of games
(`registry`, which finds the installed games through entry points), a session runner that plays
games through (`session`), simulations (`simulate`), portable randomness (`rng`) and game records
(`records`). Each game is a package of its own here, and the core imports none of them."""
