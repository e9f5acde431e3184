"""Pillow drawing shared by every game's pictures: fonts, card faces, tables, hands, layouts.

Pure functions (no discord, no I/O besides reading the shipped font files); game modules
(``bot.render.<game>_picture``) turn a view into the scenes drawn here.
"""
