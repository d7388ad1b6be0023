"""The hardware abstraction layer: touch pads, LEDs, buttons and buzzer behind small interfaces."""
