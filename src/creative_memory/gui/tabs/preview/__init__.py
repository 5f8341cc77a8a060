"""The Preview tab: :class:`.view.PreviewTab`, how it paints the prefix, and its what-ifs."""
