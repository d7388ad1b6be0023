"""Tests of the board configuration: schema, loading, shipped files, check-config."""
