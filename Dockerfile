# Parlour: the Discord bot in a slim image, running as a non-root user with its database on /data.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/parlour.sqlite3

RUN useradd --create-home --uid 10001 parlour \
    && mkdir -p /data && chown parlour:parlour /data

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY migrations ./migrations
# gcc only for the build: it compiles the Skat double-dummy core (bot/games/skat/_ddsc.c),
# about 40x faster than the Python search it replaces, then leaves the image.
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install -e . \
    && python -c "import bot.games.skat._ddsc" \
    && apt-get purge -y --auto-remove gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*

USER parlour
VOLUME ["/data"]
STOPSIGNAL SIGTERM
# Healthy = the database opens and the bot's heartbeat (beside it) is fresh and says the Discord
# gateway is connected; a bot that lost Discord turns unhealthy after three failed checks.
HEALTHCHECK --interval=60s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
