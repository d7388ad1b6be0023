"""A café's tournament: its players, its rounds' pairings (round robin or Swiss), results and
standings. Pure: no time, no I/O; the fleet keeps it and sends its pairings to the tables."""
