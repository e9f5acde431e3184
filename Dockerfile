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
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY migrations ./migrations
RUN pip install -e .

USER parlour
VOLUME ["/data"]
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=60s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import sqlite3,sys; sqlite3.connect('file:/data/parlour.sqlite3?mode=ro', uri=True).execute('select 1'); sys.exit(0)"
CMD ["python", "-m", "bot"]
