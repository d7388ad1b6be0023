"""The board on an MQTT broker: its status, state and events, and games against other boards.

Nothing here runs unless a broker is configured (the config's ``link:`` or ``--broker``). The
broker client's callbacks only hand work to the controller's loop (``LoopCall``), as touches do.
"""
