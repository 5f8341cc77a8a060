"""The Activity tab: :class:`.view.ActivityTab`."""
