"""The coach: each finished round analysed, its mistakes."""
