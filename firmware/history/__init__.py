"""Every finished round and match, with its record, in an SQLite file in the state directory."""
