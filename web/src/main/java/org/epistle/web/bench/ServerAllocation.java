package org.epistle.web.bench;

import com.sun.management.ThreadMXBean;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Arrays;
import java.util.Optional;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The bytes the server's request threads have allocated on the heap so far, read from the server's own JVM (its
 * {@link ThreadMXBean}, through the local management agent the attach API starts in it once it serves). A page's
 * allocation is what makes the young collections, whose pauses set its p99; unlike a latency or a CPU time, it
 * hardly changes with the machine's load, so it is the figure to compare between runs and builds.
 *
 * <p>Only the web server's threads (Jetty's pool, {@code JettyServerThreadPool-N}) are counted: what the clock's
 * jobs and the mail threads allocate meanwhile is not the page's.
 */
final class ServerAllocation implements AutoCloseable {
    private static final String REQUEST_THREADS = "JettyServerThreadPool";

    private final JMXConnector connector;
    private final ThreadMXBean threads;

    private ServerAllocation(JMXConnector connector, ThreadMXBean threads) {
        this.connector = connector;
        this.threads = threads;
    }

    /**
     * What attaching to the server gave: the running count, or the reason the figure is left out (the JVM's own
     * words where it refused). Exactly one of the two is there.
     */
    record Attachment(Optional<ServerAllocation> allocation, Optional<String> whyNot) {
        Attachment {
            if (allocation.isPresent() == whyNot.isPresent()) {
                throw new IllegalArgumentException("an attachment has either the count or the reason it has none");
            }
        }

        static Attachment attached(ServerAllocation allocation) {
            return new Attachment(Optional.of(allocation), Optional.empty());
        }

        static Attachment notAttached(String whyNot) {
            return new Attachment(Optional.empty(), Optional.of(whyNot));
        }
    }

    /** Attaches to the server process, or says why the JVM does not let it. */
    static Attachment attach(long pid) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            String address;
            try {
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
            JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
            ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(connector.getMBeanServerConnection(),
                    ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
            if (!threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
                connector.close();
                return Attachment.notAttached("the server's JVM does not count its threads' allocation");
            }
            return Attachment.attached(new ServerAllocation(connector, threads));
        } catch (Exception | LinkageError e) {
            // no attach module in this runtime, attach disabled, another user's process: the figure is left out
            return Attachment.notAttached(e.toString());
        }
    }

    /** The heap bytes the request threads alive now have allocated since they started. */
    long requestBytes() throws IOException {
        long[] ids = threads.getAllThreadIds();
        ThreadInfo[] infos = threads.getThreadInfo(ids);
        long[] requestIds = Arrays.stream(infos)
                .filter(info -> info != null && info.getThreadName().startsWith(REQUEST_THREADS))
                .mapToLong(ThreadInfo::getThreadId)
                .toArray();
        // -1 for a thread that ended between the two calls: Jetty's pool rarely ends one while it is busy
        return Arrays.stream(threads.getThreadAllocatedBytes(requestIds)).filter(b -> b > 0).sum();
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
