"""Allow `python -m migrate`."""

from op_migrate.migrate.cli import main

if __name__ == "__main__":
    main()
