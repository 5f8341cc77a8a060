"""The Inspector tab: :class:`.view.InspectorTab`, its controls, filters and selection, the detail
pane and Forget."""
