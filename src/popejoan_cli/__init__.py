"""popejoan: banker, dealer and referee for a Pope Joan table."""

__version__ = "0.1.0"
