"""Small reusable widgets, each in a module of its own: the state banner (`banner`), the strength bar
(`strength`), empty states (`empty_state`), the filter box (`filter_edit`), the sliding switch
(`switch`), the strength chart (`chart`) and the log line (`log_line`). Import them from their
modules: this package imports nothing, so a widget's module never waits on the others."""
