"""Shared Discord pieces: the GameCog base, views, custom ids, table messages, hand delivery.

Everything here turns service data (`TableInfo`, `TableUpdate`) into Discord messages and turns
clicks into service calls; no game rule is decided here.
"""
