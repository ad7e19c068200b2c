"""Card data and example records, shipped as data files (TOML and .rec)."""
