"""What is shown: the typed view model, the composed frame, its layers and the scoreboard."""
