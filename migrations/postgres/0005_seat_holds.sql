-- PostgreSQL's form of migrations/0005_seat_holds.sql.
ALTER TABLE match_seats ADD COLUMN bot_holding BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE match_seats ADD COLUMN left_table BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE match_seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0);
