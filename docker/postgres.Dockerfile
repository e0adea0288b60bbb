# PostgreSQL 15 from Debian 12 for the compose file's cluster profile (no registry is
# needed: it builds on the same debian:12 base as Kafenio's image).
FROM debian:12
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/*
COPY docker/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=3s --retries=10 CMD pg_isready -h 127.0.0.1 -U kafenio || exit 1
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
