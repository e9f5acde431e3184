-- Parlour schema v4: a server's defaults (/parlour config) that a table keeps for its whole
-- life: its turn timeout and whether the AI may play there, as JSON, written once in the
-- transaction that opens the table. NULL (every table before v4) plays by the bot's defaults.
ALTER TABLE tables ADD COLUMN policy TEXT;
