"""The table service: sessions per channel, seats, turns, timers, AI turns, results, ratings.

asyncio, but no discord import: the Discord layer and the terminal runner both drive it.
"""
