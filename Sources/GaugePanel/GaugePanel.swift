// The run loop: see the files beside this one.
