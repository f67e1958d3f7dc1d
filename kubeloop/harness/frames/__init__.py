"""Frames: a line read by what it means, its concepts and typed values, not its wording.

A line that no phrase and no reading matches is chunked into concepts (lexicon.py) and
typed values (values.py); a definition's examples are chunked the same way into frames
(index.py); a line whose chunks are a frame's is that frame's example said again with the
line's values (reader.py), and runs only if the real matcher takes the rebuilt sentence.
"""
