// Dashboards from TOML: see the files beside this one.
