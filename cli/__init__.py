"""The `dungeoneer` command: a thin click layer over the library."""
