"""The Overview tab: :class:`.view.OverviewTab`, its cards, its actions and its words."""
