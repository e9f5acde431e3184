"""The fake Discord with shards: one guild per shard, and a gateway connection per shard.

As Discord does, each connection identifies with ``shard: [id, count]``, gets READY and the
GUILD_CREATE of its shard's guilds only, and each event goes to the connection of the shard its
guild is on (``(guild_id >> 22) % count``; a DM to shard 0). ``send_interaction_to`` delivers one
to a chosen shard anyway, as a misconfigured deployment would.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from aiohttp import WSMsgType, web

from tests.e2e.fake_discord import FakeDiscord, Interaction, snowflake


def guild_on_shard(shard: int, count: int) -> str:
    """A new snowflake whose guild would be on ``shard`` of ``count``."""
    raw = int(snowflake())
    stamp = raw >> 22
    stamp += (shard - stamp) % count
    return str((stamp << 22) | (raw & ((1 << 22) - 1)))


class ShardedFakeDiscord(FakeDiscord):
    def __init__(self, shard_count: int = 2, **kw: Any) -> None:
        super().__init__(**kw)
        self.shard_count = shard_count
        self.guild_ids = [guild_on_shard(i, shard_count) for i in range(shard_count)]
        self.guild_id = self.guild_ids[0]
        for channel in self.channels.values():
            channel["guild_id"] = self.guild_id
        self.channel_of = {self.guild_id: self.channel_id}
        """guild id -> its games channel."""
        for guild in self.guild_ids[1:]:
            self.channel_of[guild] = self.add_channel(f"games-{guild[-4:]}", guild=guild)
        self.shard_ws: dict[int, web.WebSocketResponse] = {}
        self.shard_ready = {i: asyncio.Event() for i in range(shard_count)}
        self.shard_identifies = dict.fromkeys(range(shard_count), 0)

    def add_channel(self, name: str, guild: str | None = None) -> str:
        cid = super().add_channel(name)
        self.channels[cid]["guild_id"] = guild or self.guild_id
        return cid

    def shard_of(self, guild_id: str | None) -> int:
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.shard_count

    def guild_of(self, channel_id: str) -> str | None:
        channel = self.channels.get(channel_id)
        return None if channel is None else str(channel["guild_id"])

    def guild_payload_of(self, guild: str) -> dict[str, Any]:
        payload = self.guild_payload()
        payload["id"] = guild
        payload["roles"][0]["id"] = guild
        mine = [c for c in self.channels.values() if c["guild_id"] == guild]
        payload["channels"] = [c for c in mine if c["type"] != 11]
        payload["threads"] = [c for c in mine if c["type"] == 11]
        return payload

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await self._send(ws, 10, {"heartbeat_interval": 41250})
        shard: int | None = None
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame["op"], frame.get("d")
                if op == 1:
                    await self._send(ws, 11, None)
                elif op == 2:
                    if d["token"] != self.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    shard = int((d.get("shard") or [0, 1])[0])
                    await self._identify_shard(ws, shard)
                elif op == 6:
                    await self._send(ws, 9, False)
                elif op == 8:
                    await self._send(ws, 0, {
                        "guild_id": d["guild_id"], "chunk_index": 0, "chunk_count": 1,
                        "members": [self._member(u) for u in [self.app_id, *self.users]],
                        "nonce": d.get("nonce"), "not_found": []}, "GUILD_MEMBERS_CHUNK")
        finally:
            if shard is not None and self.shard_ws.get(shard) is ws:
                del self.shard_ws[shard]
                self.shard_ready[shard].clear()
            if self._ws is ws:
                self._ws = None
                self.connected.clear()
        return ws

    async def _identify_shard(self, ws: web.WebSocketResponse, shard: int) -> None:
        self.identifies += 1
        self.shard_identifies[shard] += 1
        guilds = [g for g in self.guild_ids if self.shard_of(g) == shard]
        await self._send(ws, 0, {
            "v": 10, "user": self.bot_user, "shard": [shard, self.shard_count],
            "session_id": f"fake-session-{self.identifies}", "resume_gateway_url":
            self.gateway_url, "guilds": [{"id": g, "unavailable": True} for g in guilds],
            "application": {"id": self.app_id, "flags": 0}, "private_channels": [],
            "relationships": [], "user_settings": {}, "presences": []}, "READY")
        for guild in guilds:
            await self._send(ws, 0, self.guild_payload_of(guild), "GUILD_CREATE")
        self.shard_ws[shard] = ws
        self._ws = ws
        self.connected.set()
        self.shard_ready[shard].set()

    async def dispatch(self, t: str, d: dict[str, Any]) -> None:
        """Send an event to the shard its guild is on (waits up to 10 s for it to connect)."""
        await self.dispatch_to(self.shard_of(d.get("guild_id")), t, d)

    async def dispatch_to(self, shard: int, t: str, d: dict[str, Any]) -> None:
        await asyncio.wait_for(self.shard_ready[shard].wait(), 10)
        await self._send(self.shard_ws[shard], 0, d, t)

    async def send_interaction_to(self, shard: int, payload: dict[str, Any]) -> Interaction:
        """Deliver an interaction to ``shard`` whatever guild it is from."""
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        inter = Interaction(
            id=str(payload["id"]), token=str(payload["token"]), type=int(payload["type"]),
            user_id=str(user.get("id")), channel_id=str(payload.get("channel_id")),
            payload=payload, message_id=(payload.get("message") or {}).get("id"))
        self.interactions[inter.token] = inter
        self._by_id[inter.id] = inter
        inter.dispatched_at = time.perf_counter()
        await self.dispatch_to(shard, "INTERACTION_CREATE", payload)
        return inter

    def interaction_payload(self, itype: int, user_id: str, data: dict[str, Any], *,
                            channel_id: str | None = None,
                            message: dict[str, Any] | None = None) -> dict[str, Any]:
        payload = super().interaction_payload(itype, user_id, data, channel_id=channel_id,
                                              message=message)
        guild = self.guild_of(payload["channel_id"])
        if guild is not None:
            payload["guild_id"] = guild
            payload["authorizing_integration_owners"] = {"0": guild}
        return payload

    def command_data(self, path: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """As the base, but a global command's data names no guild (as Discord's)."""
        data = super().command_data(path, options)
        if not self.commands[path.split()[0]].get("guild_id"):
            data.pop("guild_id", None)
        return data

    def _create(self, channel_id: str, body: dict[str, Any], *, token: str | None = None,
                user_id: str | None = None, ephemeral_to: str | None = None) -> dict[str, Any]:
        msg = super()._create(channel_id, body, token=token, user_id=user_id,
                              ephemeral_to=ephemeral_to)
        if (guild := self.guild_of(channel_id)) is not None:
            msg["guild_id"] = guild
        return msg
