"""Long spans of logical time: steady service runs and rule answers replayed over them."""
