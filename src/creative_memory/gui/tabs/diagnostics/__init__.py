"""The Diagnostics tab: :class:`.view.DiagnosticsTab`, its filters, its run and export actions."""
