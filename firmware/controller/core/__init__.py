"""The controller's common ground: events, views, seats and players, timers, a game's adapter."""
