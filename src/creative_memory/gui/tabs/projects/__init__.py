"""The Projects tab: :class:`.view.ProjectsTab` and its switch cells."""
