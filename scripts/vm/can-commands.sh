# The guest's side of a driven CAN run, for both kernel harnesses' /init (scripts/vm/init on
# x86_64, scripts/vm/arm-init on ARM; copied into the initramfs as /bin/can-commands.sh and
# sourced): the commands the host (scripts/vm/vmhost/panel.py's drive_can, drive_canobd)
# sends on the console while a run is under way, each answered by one line
# '@@DONE rc uptime [output]':
#   can ARGS        /bin/canctl ARGS (scripts/vm/canctl.c)
#   unplug, replug  both controllers gone as if unplugged (kvaser_pci removed), and back
#                   (loaded, both links up at 500 kbit/s)
#   flap N          can0 taken down and up N times, 0.2 s each way (a loose connector)
#   cyclic FRAME…   those frames sent on can1 every 100 ms until the next 'cyclic' (none: stop)
#   ecu ARGS        /bin/canctl ecu can1 ARGS, in place of the one before
#   stats           the run's last statistics line (LOG: the run's output)
# can_command CMD ARG LOG returns 1 for any other command; can_stop ends what they started;
# can_operstate IFACE STATE prints the link's operstate once it is STATE (the kernel's
# linkwatch sets it a moment after the link changes), waiting 2 s at most.
can_operstate() {
  for i in $(seq 20); do [ "$(cat /sys/class/net/$1/operstate 2>/dev/null)" = $2 ] && break; sleep 0.1; done
  cat /sys/class/net/$1/operstate 2>/dev/null || echo none
}
can_command() {
  case $1 in
    can) out=$(/bin/canctl $2 2>&1); echo "@@DONE $? $(cut -d' ' -f1 /proc/uptime) $out" ;;
    unplug) out=$(rmmod kvaser_pci 2>&1); echo "@@DONE $? $(cut -d' ' -f1 /proc/uptime) $out" ;;
    replug) out=$({ modprobe kvaser_pci && /bin/canctl up can0 500000 && /bin/canctl up can1 500000; } 2>&1)
      echo "@@DONE $? $(cut -d' ' -f1 /proc/uptime) $out" ;;
    flap) out=$(for i in $(seq $2); do /bin/canctl down can0 && sleep 0.2 && /bin/canctl up can0 500000 && sleep 0.2 || exit 1; done 2>&1)
      echo "@@DONE $? $(cut -d' ' -f1 /proc/uptime) $out" ;;
    cyclic) [ -n "${CYC:-}" ] && kill $CYC && wait $CYC 2>/dev/null; CYC=
      [ -n "$2" ] && { ( while :; do /bin/canctl send can1 $2; sleep 0.1; done ) & CYC=$!; }
      echo "@@DONE 0 $(cut -d' ' -f1 /proc/uptime)" ;;
    ecu) [ -n "${ECU:-}" ] && kill $ECU && wait $ECU 2>/dev/null; ECU=
      /bin/canctl ecu can1 $2 >> /tmp/ecu.log 2>&1 & ECU=$!
      echo "@@DONE 0 $(cut -d' ' -f1 /proc/uptime)" ;;
    stats) echo "@@DONE 0 $(cut -d' ' -f1 /proc/uptime) $(grep ' stats seconds=' $3 | tail -1 | sed 's/.* stats //')" ;;
    *) return 1 ;;
  esac
}
can_stop() {
  [ -n "${CYC:-}" ] && kill $CYC && wait $CYC 2>/dev/null; CYC=
  [ -n "${ECU:-}" ] && kill $ECU && wait $ECU 2>/dev/null; ECU=
}
