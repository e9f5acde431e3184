"""One bot process of the sharded e2e test: discord.py pointed at the fake Discord on the port
in ``FAKE_DISCORD_PORT``, then ``python -m bot`` as an operator runs it (settings from the
environment: the shards, the database URL)."""

from __future__ import annotations

import os
import sys

import discord.gateway
import discord.http
import yarl

from bot.__main__ import main

if __name__ == "__main__":
    port = os.environ["FAKE_DISCORD_PORT"]
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    sys.exit(main([]))
