"""The shared rules core: pure, synchronous, deterministic. No I/O, asyncio, discord or database."""
