"""op-migrate command-line interface: options in, one frozen config, a pure call, a rendered report, an exit code."""

__version__ = "0.1.0"
