"""Parlour: a Discord bot for the classic parlour games of four old rule books."""

__version__ = "0.1.0"
