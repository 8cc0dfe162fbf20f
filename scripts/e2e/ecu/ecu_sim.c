/* Runs an ATmega2560 firmware (an engine computer's, e.g. Speeduino's) in simavr with its
 * USART0 on a pseudo-terminal: simavr's uart_pty part links /tmp/simavr-uart0 to it.
 * Analog inputs are set as CHANNEL=MILLIVOLTS arguments (ADC0…ADC15).
 *
 * Build: cc -O2 -I/usr/include/simavr ecu_sim.c -lsimavrparts -lsimavr -lpthread -lutil
 * Usage: ecu_sim FIRMWARE.elf [4=1500 ...]; SIGTERM ends it. */
#include <signal.h>
#include <stdio.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/avr_adc.h>
#include <simavr/parts/uart_pty.h>

static uart_pty_t uart;
static volatile sig_atomic_t stopping;

static void on_signal(int s) {
    (void)s;
    stopping = 1;
}

/* Millivolts on the ADC inputs named by "N=MV" arguments. */
static void set_inputs(avr_t *avr, int argc, char **argv) {
    for (int i = 2; i < argc; i++) {
        int channel, millivolts;
        if (sscanf(argv[i], "%d=%d", &channel, &millivolts) == 2 && channel >= 0 && channel < 16) {
            avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + channel), (uint32_t)millivolts);
        } else {
            fprintf(stderr, "ignored %s: expected CHANNEL=MILLIVOLTS, channel 0…15\n", argv[i]);
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FIRMWARE.elf [CHANNEL=MILLIVOLTS ...]\n", argv[0]);
        return 2;
    }
    elf_firmware_t firmware = {0};
    if (elf_read_firmware(argv[1], &firmware) != 0) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    avr_t *avr = avr_make_mcu_by_name("atmega2560");
    if (!avr) return 2;
    avr_init(avr);
    avr_load_firmware(avr, &firmware);
    /* A Mega's 16 MHz crystal and 5 V supply, the ADC's reference. */
    avr->frequency = 16000000;
    avr->vcc = avr->avcc = avr->aref = 5000;
    uart_pty_init(avr, &uart);
    uart_pty_connect(&uart, '0');
    set_inputs(avr, argc, argv);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    fprintf(stderr, "running %s; USART0 on /tmp/simavr-uart0\n", argv[1]);
    int state = cpu_Running;
    while (!stopping && state != cpu_Done && state != cpu_Crashed) state = avr_run(avr);
    uart_pty_stop(&uart);
    return state == cpu_Crashed ? 1 : 0;
}
