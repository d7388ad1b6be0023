"""The match at the table: its rounds and seats, the journal, resuming, undo, the review."""
