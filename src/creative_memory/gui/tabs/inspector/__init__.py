"""The Inspector tab: :class:`.view.InspectorTab` composes its parts — the filter bar
(:mod:`.filters`), the list and its selection (:mod:`.selection`), the detail pane (:mod:`.detail`)
and Forget (:mod:`.forget`) — and connects their signals."""
