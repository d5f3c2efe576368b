-- Trigram matching for 'Search contacts...' (name or phone, anywhere in the text). pg_trgm is a
-- trusted extension (PostgreSQL 13+): a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
