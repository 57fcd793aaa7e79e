"""Allow `python -m migrate`."""

from migrate.cli import main

if __name__ == "__main__":
    main()
