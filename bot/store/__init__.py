"""Database access for Parlour: aiosqlite by default, numbered SQL migrations, one interface."""
