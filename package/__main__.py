"""`python -m dungeoneer`: the `dungeoneer` command."""

from dungeoneer.cli.main import main

if __name__ == "__main__":
    main()
