-- PostgreSQL's form of migrations/0012_name_keys.sql. Each account's name key (the name
-- case-folded and mapped to its confusable skeleton by ICU), unique; the server fills in
-- the key of every existing row when it starts.
ALTER TABLE accounts ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX accounts_name_key ON accounts (name_key);
